import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

/** One tab of a result and what its panel shows. */
export interface ResultTabPanel<V extends string> {
  value: V;
  label: string;
  content: ReactNode;
  /** `data-testid` of the panel. */
  testId?: string;
}

export interface ResultTabsProps<V extends string> {
  /** Makes the tab and panel ids unique on the page, e.g. 'analysis' → `analysis-tab-primary`. */
  idPrefix: string;
  /** The accessible name of the tab list. */
  label: string;
  value: V;
  onChange: (value: V) => void;
  panels: readonly ResultTabPanel<V>[];
}

/**
 * The tabs of a tool's result (spec §2: Primary and Expanded on /analyse, Summary and Detailed
 * Analysis on /read-sketch): a tab list and one tabpanel per tab, each labelled by its tab; the
 * panels not shown stay in the page, hidden.
 */
export function ResultTabs<V extends string>({ idPrefix, label, value, onChange, panels }: ResultTabsProps<V>) {
  return (
    <>
      <Tabs
        value={value}
        onChange={(_, next: V) => onChange(next)}
        aria-label={label}
        sx={{ mt: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {panels.map((panel) => (
          <Tab
            key={panel.value}
            value={panel.value}
            label={panel.label}
            id={`${idPrefix}-tab-${panel.value}`}
            aria-controls={`${idPrefix}-panel-${panel.value}`}
          />
        ))}
      </Tabs>
      {panels.map((panel) => (
        <Box
          key={panel.value}
          role="tabpanel"
          id={`${idPrefix}-panel-${panel.value}`}
          aria-labelledby={`${idPrefix}-tab-${panel.value}`}
          hidden={value !== panel.value}
          data-testid={panel.testId}
          sx={{ pt: 2.5 }}
        >
          {panel.content}
        </Box>
      ))}
    </>
  );
}
