import { v7 as uuidv7 } from 'uuid';

/** Every id is a UUID v7: unique across processes and ordered by creation time. */
export function newId(): string {
  return uuidv7();
}
