import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressGroupOf } from './address-group.js';

export interface FairnessLimits {
  /** Open connections in all; at the cap, an idle one makes room before a newcomer is refused. */
  maxConnections: number;
  /** Open connections from one client address (0: no cap); more are refused as they arrive. */
  connectionsPerAddress: number;
}

interface Tracked {
  group: string;
  /** Requests the app is answering on it; a connection with none is idle (between requests, or still sending headers). */
  busy: number;
  /** Since when it has been idle, for choosing the longest idle. */
  idleSince: number;
}

/**
 * Connection limits that one client cannot take for itself (docs/security.md, "Connections"):
 * a cap per client address, so one address holding its share leaves the rest to everyone else, and
 * at the global cap the longest-idle connection of the address holding the most is closed to make
 * room, before a newcomer is refused. Replaces Node's `maxConnections`, which refuses every
 * newcomer once anyone fills the cap.
 */
export const applyFairConnections = (server: Server, limits: FairnessLimits): void => {
  const open = new Map<Socket, Tracked>();
  const byGroup = new Map<string, Set<Socket>>();

  const forget = (socket: Socket): void => {
    const tracked = open.get(socket);
    if (!tracked) return;
    open.delete(socket);
    const group = byGroup.get(tracked.group);
    group?.delete(socket);
    if (group?.size === 0) byGroup.delete(tracked.group);
  };

  /** Connections already ending (answered with Connection: close, or destroyed) hold no place: their close event may lag. */
  const forgetEnding = (): void => {
    for (const socket of open.keys()) if (socket.destroyed || socket.writableEnded) forget(socket);
  };

  /** Closes the longest-idle connection of the address holding the most (that has an idle one). */
  const makeRoom = (): boolean => {
    forgetEnding();
    if (open.size < limits.maxConnections) return true;
    const groups = [...byGroup.values()].sort((a, b) => b.size - a.size);
    for (const sockets of groups) {
      let victim: Socket | null = null;
      for (const socket of sockets) {
        const tracked = open.get(socket)!;
        if (tracked.busy === 0 && (victim === null || tracked.idleSince < open.get(victim)!.idleSince)) victim = socket;
      }
      if (victim) {
        forget(victim);
        victim.destroy();
        return true;
      }
    }
    return false;
  };

  server.on('connection', (socket: Socket) => {
    const group = addressGroupOf(socket.remoteAddress ?? '');
    const atShare = () => limits.connectionsPerAddress > 0 && (byGroup.get(group)?.size ?? 0) >= limits.connectionsPerAddress;
    if (atShare()) forgetEnding();
    const overShare = atShare();
    const mine = byGroup.get(group);
    if (overShare || (open.size >= limits.maxConnections && !makeRoom())) {
      socket.destroy();
      return;
    }
    open.set(socket, { group, busy: 0, idleSince: performance.now() });
    byGroup.set(group, (mine ?? new Set()).add(socket));
    socket.once('close', () => forget(socket));
  });

  server.on('request', (req, res) => {
    const tracked = open.get(req.socket);
    if (!tracked) return;
    tracked.busy += 1;
    res.once('close', () => {
      tracked.busy -= 1;
      tracked.idleSince = performance.now();
    });
  });
};
