export function memberCountLabel(count: number): string {
  return count === 1 ? '1 member' : `${count} members`;
}

export function streakLabel(weeks: number): string {
  return `${weeks}-week streak`;
}
