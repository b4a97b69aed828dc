/** A map that keeps its `limit` most recently used entries. */
export class RecentlyUsed<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit: number) {}

  get(key: string): T | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: T) {
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}
