/** How values travel on both dialects (db/schema.ts): ISO-8601 UTC strings, serialized JSON, 0/1 flags. */
export type Timestamp = string;
export type Json = string;
export type Flag = number;
