import { attachmentFileName } from './attachment-file-name';

describe('attachmentFileName', () => {
  it("reads the gateway's quoted file names", () => {
    expect(attachmentFileName('attachment; filename="archlens-analysis-2026-11-24.pdf"')).toBe('archlens-analysis-2026-11-24.pdf');
    expect(attachmentFileName('attachment; filename="archlens-leads-2026-11-24.csv"')).toBe('archlens-leads-2026-11-24.csv');
    expect(attachmentFileName('attachment; filename="archlens-render-2.jpg"')).toBe('archlens-render-2.jpg');
  });

  it('reads a file name in any case, unquoted, or among other parameters', () => {
    expect(attachmentFileName('Attachment; FILENAME=report.pdf')).toBe('report.pdf');
    expect(attachmentFileName('attachment; size=1024; filename="a b.pdf"; creation-date="Wed, 12 Feb 1997 16:29:51 -0500"')).toBe(
      'a b.pdf',
    );
  });

  it('undoes the escapes of a quoted name', () => {
    expect(attachmentFileName('attachment; filename="say \\"hi\\".txt"')).toBe('say "hi".txt');
  });

  it('prefers the UTF-8 filename* to its ASCII fallback', () => {
    expect(attachmentFileName(`attachment; filename="Caf? plan.pdf"; filename*=UTF-8''Caf%C3%A9%20plan.pdf`)).toBe('Café plan.pdf');
  });

  it('gives null when there is no file name to take', () => {
    expect(attachmentFileName(null)).toBeNull();
    expect(attachmentFileName('')).toBeNull();
    expect(attachmentFileName('inline')).toBeNull();
    expect(attachmentFileName('attachment; filename=""')).toBeNull();
  });
});
