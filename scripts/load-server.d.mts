/** Types of load-server.mjs. */
export function loadServer(file: string): 'used' | 'written' | 'off';
