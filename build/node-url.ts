// Stands in for `whatwg-url` in the Lambda bundles. Its one importer, node-fetch 2, reads it only as a
// fallback (`const URL = Url.URL || whatwgUrl.URL`) for Node versions without a global URL; Node 22
// has one, so the 290 KB of whatwg-url and tr46 would be loaded and never used. Node's own URL is
// exported in its place, so nothing changes even for a caller that did reach for it.
const nodeUrl = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
export default nodeUrl;
export const { URL, URLSearchParams } = nodeUrl;
