import L from 'leaflet';

/**
 * leaflet-geoman is a script that extends the global `L` when it runs. Leaflet's UMD build sets
 * it too, but only as a side effect of being evaluated; importing this module first makes the
 * order explicit whatever the bundler does with the CommonJS wrapper.
 */
(globalThis as { L?: typeof L }).L ??= L;

export { L };
