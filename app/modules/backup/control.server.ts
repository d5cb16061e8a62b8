import { chmod, mkdir, unlink } from "node:fs/promises";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import path from "node:path";

/*
 * The embedded database's owner (decision 026). PGlite is a database inside one process, so only
 * one process may open DATA_DIR/pgdata: the app (or `npm run worker`), or `npm run backup` /
 * `npm run restore` when no app runs. The owner listens on a Unix socket, DATA_DIR/control.sock,
 * that only the folder's owner can reach (mode 0600: the same people who can read the database's
 * files). `npm run backup` asks the app there for a backup; a process that finds the socket
 * answering does not open the database; a socket left by a process that died (kill -9) answers
 * nothing and is taken over.
 *
 * The protocol: one JSON line each way. {"command":"backup"} → {"ok":true,…} or
 * {"ok":false,"error":"…"}; {"command":"ping"} → {"ok":true,"pid":…}.
 */

/** The longest path a Unix socket may have (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 107;
/** A request is one short line. */
const MAX_REQUEST_BYTES = 1_024;

export type ControlRequest = { command: "backup" } | { command: "ping" };
export type ControlReply = { ok: true; [key: string]: unknown } | { ok: false; error: string };
export type ControlHandler = (request: ControlRequest) => Promise<ControlReply>;

/** What the owner answers before its database is open. */
export const STARTING = "the app is still starting";

/** Another process has the embedded database open. */
export class DataDirBusyError extends Error {
  override name = "DataDirBusyError";
}

/** The control socket of a DATA_DIR, or null when its path is too long for a Unix socket. */
export function controlSocketPath(dataDir: string): string | null {
  const socket = path.resolve(dataDir, "control.sock");
  return Buffer.byteLength(socket) <= MAX_SOCKET_PATH ? socket : null;
}

export interface DataDirClaim {
  /** The socket's path (null: too long a DATA_DIR, nothing listens). */
  socket: string | null;
  /** Answers requests from now on (until then they are told the database is starting). */
  serve(handler: ControlHandler): void;
  close(): Promise<void>;
}

/**
 * Claims the embedded database of `dataDir` for this process: listens on its control socket, or
 * throws DataDirBusyError when another process answers there.
 */
export async function claimDataDir(dataDir: string): Promise<DataDirClaim> {
  const socket = controlSocketPath(dataDir);
  let handler: ControlHandler = async () => ({ ok: false, error: STARTING });
  if (!socket) {
    return { socket: null, serve: () => {}, close: async () => {} };
  }
  await mkdir(path.dirname(socket), { recursive: true });
  const server = createServer((connection) => answer(connection, (request) => handler(request)));
  for (let attempt = 1; ; attempt++) {
    try {
      await listen(server, socket);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 3) throw error;
      if (await isAnswering(socket)) {
        throw new DataDirBusyError(
          `Another process has the embedded database in ${path.resolve(dataDir)} open (it answers on ${socket}): stop it first.`,
        );
      }
      // Left by a process that died: take it over.
      await unlink(socket).catch(() => {});
    }
  }
  await chmod(socket, 0o600);
  return {
    socket,
    serve: (next) => {
      handler = next;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(socket).catch(() => {});
    },
  };
}

/**
 * Sends one request to the process that owns `dataDir`'s embedded database; null when none
 * listens (no socket, or one left by a process that died).
 */
export async function askOwner(
  dataDir: string,
  request: ControlRequest,
): Promise<ControlReply | null> {
  const socket = controlSocketPath(dataDir);
  if (!socket) {
    throw new Error(
      `DATA_DIR's path is too long for its control socket (${path.resolve(dataDir, "control.sock")} is over ${MAX_SOCKET_PATH} bytes): use a shorter DATA_DIR.`,
    );
  }
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let reply = "";
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on("data", (chunk) => {
      reply += chunk;
    });
    connection.on("end", () => {
      try {
        resolve(JSON.parse(reply) as ControlReply);
      } catch {
        reject(new Error(`The app answered something unreadable on ${socket}`));
      }
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(null);
      else reject(error);
    });
  });
}

async function isAnswering(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = createConnection(socket);
    connection.on("connect", () => {
      connection.destroy();
      resolve(true);
    });
    connection.on("error", () => resolve(false));
  });
}

function listen(server: Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once("error", failed);
    server.listen(socket, () => {
      server.off("error", failed);
      resolve();
    });
  });
}

/** Reads one request line, answers it and closes; anything else is refused. */
function answer(connection: Socket, handler: ControlHandler) {
  let request = "";
  let done = false;
  connection.setEncoding("utf8");
  connection.on("error", () => {});
  const reply = (message: ControlReply) => {
    done = true;
    connection.end(`${JSON.stringify(message)}\n`);
  };
  connection.on("data", (chunk: string) => {
    if (done) return;
    request += chunk;
    if (request.length > MAX_REQUEST_BYTES) return reply({ ok: false, error: "request too long" });
    const end = request.indexOf("\n");
    if (end === -1) return;
    done = true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(request.slice(0, end));
    } catch {
      return reply({ ok: false, error: "not JSON" });
    }
    const command = (parsed as { command?: unknown } | null)?.command;
    if (command === "ping") return reply({ ok: true, pid: process.pid });
    if (command !== "backup") return reply({ ok: false, error: "unknown command" });
    handler({ command }).then(reply, (error: unknown) =>
      reply({ ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
