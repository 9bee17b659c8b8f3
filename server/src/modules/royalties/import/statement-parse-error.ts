import { AppError } from "../../../http/app-error";

export interface StatementProblem {
  /** The file's row, 1 for the header row (as a spreadsheet numbers it); null for the file as a whole. */
  row: number | null;
  /** The header of the offending column; null when the problem is the row or the file. */
  column: string | null;
  message: string;
}

/**
 * Every reason a statement file cannot be read, from the encoding to one bad amount, is this one error, so
 * the import answers with the row and column to fix whichever step found it.
 */
export class StatementParseError extends AppError {
  readonly row: number | null;
  readonly column: string | null;

  constructor(problem: StatementProblem) {
    const where = [
      problem.row === null ? null : `row ${problem.row}`,
      problem.column === null ? null : `column "${problem.column}"`,
    ].filter(Boolean);
    const text = where.length > 0 ? `${where.join(", ")}: ${problem.message}` : problem.message;
    super("royalty_statement_invalid", text, {
      details: JSON.stringify({ row: problem.row, column: problem.column }),
    });
    this.name = "StatementParseError";
    this.row = problem.row;
    this.column = problem.column;
  }
}
