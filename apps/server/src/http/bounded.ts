/**
 * A Map for in-process memos of derived values (search translations, totals, sessions, plans): once it
 * holds `max` entries, adding a new key forgets them all, which bounds memory without bookkeeping.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
