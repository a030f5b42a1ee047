// The load balancer of `npm run cluster` (scripts/cluster.mjs): where Debian's haproxy is, and the
// configuration that puts the consoles (HTTP and WebSocket) in front of the HTTP processes and the
// stations (HJ 212 over TCP) in front of the gateway processes.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const HAPROXY_HOW_TO_PROVIDE =
  'The cluster needs haproxy: `sudo apt-get install -y haproxy` (Debian/Ubuntu), or set HAPROXY to the binary.';

/** The haproxy binary (HAPROXY, PATH, /usr/sbin); undefined when there is none. */
export function findHaproxy() {
  if (process.env.HAPROXY) return existsSync(process.env.HAPROXY) ? process.env.HAPROXY : undefined;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin', '/usr/local/sbin'];
  return dirs.map((dir) => join(dir, 'haproxy')).find((path) => path && existsSync(path));
}

/** The console's unauthenticated settings call: answers once the process has its database. */
export const HTTP_HEALTH_PATH = '/manager/system/config/rest/get';

/**
 * haproxy's configuration.
 *
 * Stations: a gateway that dies closes its connections with it (the kernel does, whatever the state
 * of the process), so its stations see their socket close and reconnect at once — no need for
 * haproxy to cut sessions itself (`on-marked-down shutdown-sessions`). What matters is where the
 * reconnect lands: the health check may not have noticed the dead gateway yet, so a refused
 * connection marks the server down at once (`observe layer4`, `on-error mark-down`) and the attempt
 * is retried on another one (`option redispatch 1`). `leastconn` sends new stations to the gateway
 * holding fewest; stations do not move back to a gateway that returns until they reconnect.
 *
 * @param {{ httpPort: number, gatewayPort: number, statsPort: number,
 *           https: { name: string, port: number }[], gateways: { name: string, port: number }[] }} c
 */
export function haproxyConfig(c) {
  const servers = (nodes) => nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`);
  return [
    '# envmon cluster: written by scripts/cluster.mjs, removed when it stops.',
    'global',
    '',
    'defaults',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 120s',
    '  retries 3',
    '  option redispatch 1',
    '  default-server inter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down',
    '',
    'frontend consoles',
    '  mode http',
    `  bind :${c.httpPort}`,
    '  timeout http-request 10s',
    '  default_backend http_nodes',
    '',
    'backend http_nodes',
    '  mode http',
    '  balance roundrobin',
    `  option httpchk GET ${HTTP_HEALTH_PATH}`,
    '  http-check expect status 200',
    // The console's WebSocket (/websocket/{token}) is a tunnel once upgraded: open while in use.
    '  timeout tunnel 1h',
    ...servers(c.https),
    '',
    'frontend stations',
    '  mode tcp',
    `  bind :${c.gatewayPort}`,
    // Longer than the gateway's own idle limit (GATEWAY_IDLE_SECONDS): the gateway decides when a
    // quiet station is gone, not the load balancer.
    '  timeout client 15m',
    '  default_backend gateway_nodes',
    '',
    'backend gateway_nodes',
    '  mode tcp',
    '  balance leastconn',
    '  timeout server 15m',
    ...servers(c.gateways),
    '',
    'listen stats',
    '  mode http',
    `  bind 127.0.0.1:${c.statsPort}`,
    '  stats enable',
    '  stats uri /',
    '  stats refresh 2s',
    '',
  ].join('\n');
}
