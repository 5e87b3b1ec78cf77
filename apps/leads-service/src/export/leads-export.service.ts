import { randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { leadsExportFileName, type ExportLeadsResult, type LeadFilters } from '@archlens/contracts/leads';
import { ObjectStorage } from '@archlens/platform/storage';
import { LeadsRepository, type ListedLead } from '../leads/leads.repository.js';

/** Where exports are stored until the gateway has streamed them to the admin (and removed them). */
export const LEADS_EXPORT_PREFIX = 'exports/leads/';

/** The CSV's columns: the spec §3 lead fields, under their own names in the header row. */
const CSV_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'source', 'created_at', 'analysis_text'] as const;

/**
 * The CSV export of the leads, with memory flat whatever the row count: the repository's cursor
 * reads the matching rows a batch at a time, and `csv-stringify` writes RFC 4180 CSV (header row,
 * CRLF line ends, fields with commas, quotes or any line break quoted, quotes doubled), every text
 * cell a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, tab or CR, or their
 * full-width forms) prefixed with `'` (its `escape_formulas`; OWASP "CSV Injection"), in UTF-8 with
 * a byte order mark (so spreadsheets read accents right), and the bytes go to object storage as they
 * are made (`ObjectStorage.putStream`, 5 MiB parts). Back-pressure runs the whole way: the cursor is
 * read only as fast as the parts are stored.
 */
@Injectable()
export class LeadsExportService {
  constructor(
    private readonly leads: LeadsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  /**
   * Writes the leads matching `filters`, in the list's order, to `exports/leads/<uuid>.csv`.
   * @param now the date of the file name (`leadsExportFileName`)
   * @returns the object's key, the dated file name and the number of leads written
   * @throws the database's or the store's error; nothing is left in the bucket then
   */
  async export(filters: LeadFilters, now: Date = new Date()): Promise<ExportLeadsResult> {
    const key = `${LEADS_EXPORT_PREFIX}${randomUUID()}.csv`;
    const rows = await this.leads.streamMatching(filters, async (leads) => {
      let written = 0;
      const toRecord = new Transform({
        objectMode: true,
        transform(lead: ListedLead, _encoding, done) {
          written += 1;
          done(null, {
            id: lead.id,
            first_name: lead.firstName,
            last_name: lead.lastName,
            email: lead.email,
            source: lead.source,
            created_at: lead.createdAt.toISOString(),
            analysis_text: lead.analysisText ?? '',
          });
        },
      });
      const csv = stringify({
        header: true,
        bom: true,
        columns: [...CSV_COLUMNS],
        record_delimiter: 'windows',
        // With CRLF records csv-stringify quotes only cells holding a CRLF unless told otherwise: a
        // bare LF or CR left unquoted would start a new row in a spreadsheet, whose first cell would
        // escape the formula check.
        quote_record_delimiter: true,
        escape_formulas: true,
      });
      // An error anywhere destroys every stage; `putStream` then sees it, aborts the upload and throws.
      const body = pipeline(leads, toRecord, csv, () => undefined);
      await this.storage.putStream(key, body, 'text/csv; charset=utf-8');
      return written;
    });
    return { key, fileName: leadsExportFileName(now), rows };
  }
}
