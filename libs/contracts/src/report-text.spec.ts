import { describe, expect, it } from '@jest/globals';
import { describeReportEngine, formatAnalysisText, formatReportDate, parseAnalysisText, parseReportBlocks } from './report-text.js';
import { reportFileName } from './reports.js';

const EXPANDED = [
  '## Massing and Form',
  'A long bar of **grey** stone.',
  'It steps back at the top.',
  '',
  '## Materials and Palette',
  '- limestone',
  '* bronze',
  '',
  'A closing paragraph.',
].join('\n');

describe('parseReportBlocks (spec §3: `## ` headings and blank-line paragraphs)', () => {
  it('cuts headings, paragraphs and list items, joining a paragraph’s lines and dropping emphasis markers', () => {
    expect(parseReportBlocks(EXPANDED)).toEqual([
      { kind: 'heading', text: 'Massing and Form' },
      { kind: 'paragraph', text: 'A long bar of grey stone. It steps back at the top.' },
      { kind: 'heading', text: 'Materials and Palette' },
      { kind: 'list', items: ['limestone', 'bronze'] },
      { kind: 'paragraph', text: 'A closing paragraph.' },
    ]);
  });

  it('reads CRLF text and keeps markup-looking text as text', () => {
    expect(parseReportBlocks('## <b>Heading</b>\r\n\r\n<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'heading', text: '<b>Heading</b>' },
      { kind: 'paragraph', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(parseReportBlocks(' \n\n ')).toEqual([]);
  });
});

describe('formatAnalysisText and parseAnalysisText (the free-analysis text)', () => {
  const parts = { primaryDescription: 'A grey stone arcade.', expandedDescription: EXPANDED, tags: ['arcade', 'stone', 'grey'] };

  it('writes primary, expanded and tags apart by blank lines, and reads them back exactly', () => {
    const text = formatAnalysisText(parts);
    expect(text).toBe(`A grey stone arcade.\n\n${EXPANDED}\n\nTags: arcade, stone, grey`);
    expect(parseAnalysisText(text)).toEqual(parts);
  });

  it('leaves empty parts out', () => {
    expect(formatAnalysisText({ primaryDescription: 'Only this.', expandedDescription: '  ', tags: [] })).toBe('Only this.');
  });

  it('keeps text in another shape whole as the body, with no expanded description and no tags', () => {
    const free = 'My notes on the building.\n\nThey have no headings at all.';
    expect(parseAnalysisText(free)).toEqual({ primaryDescription: free, expandedDescription: '', tags: [] });
  });

  it('reads a Tags line in any case, with # marks and stray spaces', () => {
    expect(parseAnalysisText('Body text.\ntags:  #brick , glass,, ').tags).toEqual(['brick', 'glass']);
  });

  it('takes text that starts with a heading as all expanded description', () => {
    expect(parseAnalysisText('## Form\nTall.')).toEqual({ primaryDescription: '', expandedDescription: '## Form\nTall.', tags: [] });
  });
});

describe('report wording', () => {
  it('dates the report in UTC, as its file name', () => {
    expect(formatReportDate('2026-11-24T23:30:00.000Z')).toBe('24 November 2026');
    expect(reportFileName('2026-11-24T23:30:00.000Z')).toBe('archlens-analysis-2026-11-24.pdf');
  });

  it('names the engine and the model that wrote the analysis', () => {
    expect(describeReportEngine('offline', 'archlens-pixel-features-1')).toContain('engine: offline, model: archlens-pixel-features-1');
    expect(describeReportEngine('openai', 'gpt-4o')).toContain('engine: openai, model: gpt-4o');
    expect(describeReportEngine(null, null)).toBe('Written from the analysis text sent with this report.');
  });

  it('says in plain words that the measuring engine is not an AI model, and names a vision model only for openai', () => {
    const offline = describeReportEngine('offline', 'archlens-pixel-features-1');
    expect(offline).toMatch(/^Written by the ArchLens measuring engine, not an AI model,/);
    expect(offline.replace('archlens-pixel-features-1', '')).not.toMatch(/pixel|vision model/);
    expect(describeReportEngine('openai', 'gpt-4o')).toMatch(/^Written by an OpenAI vision model/);
  });
});
