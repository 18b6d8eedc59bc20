/** A LIKE/ILIKE pattern for "contains": wildcards in the text are escaped, so a search for "50%" finds "50%", not everything. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
