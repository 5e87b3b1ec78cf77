import { describe, expect, it } from '@jest/globals';
import type { ReportContent } from '@archlens/contracts/reports';
import { renderEmail } from './email-templates.js';
import { ANALYSIS_REPORT_SUBJECT, renderAnalysisReport } from './analysis-report.template.js';

/** American spellings a British English message must not contain (and words that betray a US template). */
const AMERICAN = /\b(color|center|organization|analyze|analyzed|email address)\b/i;
const XSS = '<img src=x onerror=alert(1)>';

const report: ReportContent = {
  createdAt: '2026-11-24T10:00:00.000Z',
  primaryDescription: 'A grey stone arcade with a measured rhythm of bays.',
  expandedDescription: '## Massing and Form\n\nA long bar.\n\n## Materials and Palette\n\n- limestone\n- bronze',
  tags: ['arcade', 'stone'],
  engine: 'offline',
  model: 'archlens-pixel-features-1',
  imageCount: 2,
};

describe('analysis-report template', () => {
  it('greets by first name and carries the report: date, descriptions, headings as headings, tags, engine, the PDF line', async () => {
    const email = await renderAnalysisReport({ firstName: 'Ada', lastName: 'Lovelace', report });
    expect(email.subject).toBe('Your ArchLens design language analysis');
    expect(ANALYSIS_REPORT_SUBJECT).toBe(email.subject);
    for (const body of [email.text, email.html]) {
      expect(body).toContain('Hello Ada,');
      expect(body).toContain('24 November 2026');
      expect(body).toContain(report.primaryDescription);
      expect(body).toContain('Massing and Form');
      expect(body).toContain('Materials and Palette');
      expect(body).toContain('arcade, stone');
      expect(body).toContain('engine: offline, model: archlens-pixel-features-1');
      expect(body).toContain('attached as a PDF');
    }
    // A heading is set apart in bold, larger type; a list is a list.
    expect(email.html).toMatch(/font-size:18px;[^"]*font-weight:bold[^"]*"[^>]*>Massing and Form</);
    expect(email.html).toContain('<li>limestone</li>');
    expect(email.html).toContain('lang="en-GB"');
    expect(email.text).not.toContain('## ');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('is written in British English', async () => {
    const email = await renderAnalysisReport({ firstName: 'Ada', lastName: 'Lovelace', report });
    expect(email.text).not.toMatch(AMERICAN);
    expect(email.html.replace(/<[^>]*>/g, ' ')).not.toMatch(AMERICAN);
  });

  it('shows names and report text as text in the HTML part, never as markup', async () => {
    const email = await renderAnalysisReport({
      firstName: XSS,
      lastName: '"Bobby" & <b>Co</b>',
      report: {
        ...report,
        primaryDescription: `${XSS} primary`,
        expandedDescription: `## ${XSS}\n\n<script>alert(2)</script>`,
        tags: [XSS],
      },
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Co</b>');
    expect(email.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(email.html).toContain('&quot;Bobby&quot; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(email.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    // The plain-text part is not HTML: it keeps the name as written.
    expect(email.text).toContain(`Hello ${XSS},`);
  });

  it('a free-analysis text report has no photos and no engine, and an unsplit body is shown under "Analysis"', async () => {
    const email = await renderAnalysisReport({
      firstName: 'Ada',
      lastName: 'Lovelace',
      report: { ...report, expandedDescription: '', tags: [], engine: null, model: null, imageCount: 0, primaryDescription: 'My notes.' },
    });
    expect(email.text).toContain('ANALYSIS\n\nMy notes.');
    expect(email.text).toContain('Written from the analysis text sent with this report.');
    expect(email.text).not.toContain('photo');
  });

  it('renderEmail routes an analysis-report job to it', async () => {
    const email = await renderEmail(
      {
        messageId: '00000000-0000-4000-8000-000000000002',
        to: 'ada@example.com',
        template: 'analysis-report',
        data: { firstName: 'Ada', lastName: 'Lovelace', report },
      },
      'unused: nothing is sealed in a report',
      'https://archlens.example',
    );
    expect(email.subject).toBe(ANALYSIS_REPORT_SUBJECT);
  });
});
