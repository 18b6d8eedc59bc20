/** "1 month", "6 months". */
export const monthsText = (count: number): string => `${count} month${count === 1 ? '' : 's'}`;

/** "1 item", "6 items". */
export const itemsText = (count: number): string => `${count} item${count === 1 ? '' : 's'}`;

/** The same calendar day a year later (Feb 29 becomes Feb 28), YYYY-MM-DD. */
export const nextYear = (date: string): string => {
  const year = Number(date.slice(0, 4)) + 1;
  const monthDay = date.slice(5);
  const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${year}-${monthDay === '02-29' && !isLeap(year) ? '02-28' : monthDay}`;
};
