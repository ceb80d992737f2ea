/** A window of a list, newest first: what a list route asks its queries for. */
export interface Page {
  limit: number;
  offset: number;
}
