/** The one paging rule of every paged list, as query parameters. */
export const pageParameters = [
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: 'Items per page, 1–100 (default 50); anything else is 422 validation_failed.',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
  },
  {
    name: 'cursor',
    in: 'query',
    required: false,
    description: 'The `next_cursor` of the previous page; absent for the first page.',
    schema: { type: 'string' },
  },
];

export const queryParameter = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
