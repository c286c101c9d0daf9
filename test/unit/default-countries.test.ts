/**
 * The default countries kept in memory (access/default-countries.ts) against a fake of the changes
 * they listen to: a change heard while a read is on its way keeps that read's answer out.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AccessChanges, Forget } from '../../src/access/access-changes.js';
import { DefaultCountries } from '../../src/access/default-countries.js';

/** As AccessChanges on SQLite: reading `live` is where another process's commit is noticed (`onLive`). */
class FakeChanges {
  private readonly listeners = new Set<(forget: Forget) => void>();
  onLive: (() => void) | undefined;

  get live(): boolean {
    const noticed = this.onLive;
    this.onLive = undefined;
    noticed?.();
    return true;
  }

  subscribe(listener: (forget: Forget) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(forget: Forget): void {
    for (const listener of this.listeners) listener(forget);
  }
}

function kept() {
  const changes = new FakeChanges();
  const countries = new DefaultCountries(changes as unknown as AccessChanges);
  let reads = 0;
  const read = (country: string) => async () => {
    reads++;
    return country;
  };
  return { changes, countries, read, reads: () => reads };
}

describe('default countries kept in memory', () => {
  it('reads an organization once, and again after it changed', async () => {
    const { changes, countries, read, reads } = kept();
    assert.equal(await countries.of('org-a', read('BR')), 'BR');
    assert.equal(await countries.of('org-a', read('XX')), 'BR');
    assert.equal(reads(), 1);
    changes.emit({ organizationId: 'org-b' });
    assert.equal(await countries.of('org-a', read('XX')), 'BR', "another organization's change keeps it");
    changes.emit({ organizationId: 'org-a' });
    assert.equal(await countries.of('org-a', read('PT')), 'PT');
    assert.equal(reads(), 2);
  });

  it("keeps no answer read while another process's change was noticed", async () => {
    const { changes, countries, read } = kept();
    // Another process commits while the read is on its way; this process notices at its next look at `live`.
    const during = async () => {
      changes.onLive = () => changes.emit('all');
      return read('BR')();
    };
    assert.equal(await countries.of('org-a', during), 'BR');
    assert.equal(await countries.of('org-a', read('PT')), 'PT', 'the answer read across the change was not kept');
  });
});
