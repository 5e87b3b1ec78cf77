import { parseExpandedDescription, splitBold } from './expanded-description';

describe('parseExpandedDescription', () => {
  it('turns "## " lines into headings and blank-line runs into paragraphs', () => {
    const text = '## Massing\nA long bar.\nLifted on a plinth.\n\nSecond paragraph.\n## Light\r\nFins filter it.';
    expect(parseExpandedDescription(text)).toEqual([
      { kind: 'heading', level: 3, text: 'Massing' },
      { kind: 'paragraph', text: 'A long bar. Lifted on a plinth.' },
      { kind: 'paragraph', text: 'Second paragraph.' },
      { kind: 'heading', level: 3, text: 'Light' },
      { kind: 'paragraph', text: 'Fins filter it.' },
    ]);
  });

  it('reads deeper headings as level 4 and bullet lines as a list', () => {
    expect(parseExpandedDescription('### Detail\n- one\n* two\nafter')).toEqual([
      { kind: 'heading', level: 4, text: 'Detail' },
      { kind: 'list', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'after' },
    ]);
  });

  it('keeps markup-looking text as plain text (it is never rendered as HTML)', () => {
    expect(parseExpandedDescription('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'paragraph', text: '<img src=x onerror=alert(1)>' }]);
  });

  it('returns nothing for blank text', () => {
    expect(parseExpandedDescription('  \n\n ')).toEqual([]);
  });
});

describe('splitBold', () => {
  it('puts **bold** runs at odd indexes', () => {
    expect(splitBold('pale **oak** soffits')).toEqual(['pale ', 'oak', ' soffits']);
  });
});
