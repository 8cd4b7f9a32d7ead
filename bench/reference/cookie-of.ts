/**
 * The references' cookie read: the value after `name=` up to the next `;`, nothing more. The
 * least a session check can do, shared by reference (b) and (b-pg) so the two measure the same.
 */
export const cookieOf = (header: string | undefined, name: string): string | null => {
  const start = header?.indexOf(`${name}=`) ?? -1;
  if (header === undefined || start < 0) return null;
  const end = header.indexOf(';', start);
  return header.slice(start + name.length + 1, end < 0 ? undefined : end);
};
