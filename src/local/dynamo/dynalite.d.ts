// dynalite ships no types; this declares the part src/local/dynamo uses.
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** Folder for the LevelDB store; in memory when absent. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
  }

  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}
