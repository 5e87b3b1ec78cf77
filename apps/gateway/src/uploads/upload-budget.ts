/**
 * The gateway's budget of upload bytes held in memory at once, across every request
 * (`UPLOAD_BUDGET_BYTES`, 256 MB by default). A photo's bytes are reserved
 * as they arrive and released once it is stored or refused; an upload that would go over the budget
 * is refused with 503 and `Retry-After` instead of growing the heap.
 */
export class UploadBudget {
  private used = 0;

  /** @param capacityBytes the most bytes that may be held at once (`UPLOAD_BUDGET_BYTES`) */
  constructor(readonly capacityBytes: number) {}

  /** Reserves `bytes` when they fit. @returns false (nothing reserved) when they do not */
  tryReserve(bytes: number): boolean {
    if (this.used + bytes > this.capacityBytes) return false;
    this.used += bytes;
    return true;
  }

  /** Gives back bytes reserved earlier. */
  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}
