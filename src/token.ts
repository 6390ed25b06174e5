// What a bearer token may look like, checked by each door at its edge (the skill's request, the smart-home
// directive, Google's Authorization header, the AcceptGrant grantee) before anything is called with it:
// a line break or a megabyte in it can only be a bad credential, and cannot even go into a header.

/** Printable ASCII without spaces (RFC 6750's token characters and a few more), of a sane length. */
const WELL_FORMED_TOKEN = /^[\x21-\x7e]{1,4096}$/;

export function isWellFormedToken(token: string): boolean {
  return WELL_FORMED_TOKEN.test(token);
}
