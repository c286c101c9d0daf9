/** The shape every catalogue has: en.ts's keys, each a string. */
import type { en } from './en.ts';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalogue = Strings<typeof en>;
