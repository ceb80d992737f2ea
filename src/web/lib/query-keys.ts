/**
 * The prefix of every query holding the signed-in customer's data (the dashboard's lists, the
 * order pages, the profile, the notifications): placing an order or a live order event refreshes
 * them all.
 */
export const CUSTOMER_QUERY_KEY = ['dashboard'] as const;
