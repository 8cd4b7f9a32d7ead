/**
 * A value for an X-Gatehouse-* header: printable ASCII only. The input rules already keep every
 * value so (emails, usernames and group names cannot hold a control), this is the last guard: a CR
 * or LF that got through would end the header and let the rest forge another on the proxied request.
 */
export const headerValue = (value: string): string => value.replace(/[^\x20-\x7e]/g, '');
