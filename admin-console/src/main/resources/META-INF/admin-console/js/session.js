// The admin token, kept for this browser tab only (sessionStorage: gone when the tab closes, not
// shared with other tabs, never sent anywhere but the Authorization header of /api requests).

const KEY = 'shop-admin-token';
const listeners = new Set();

export function token() {
  return sessionStorage.getItem(KEY);
}

export function signIn(value) {
  sessionStorage.setItem(KEY, value);
  notify();
}

export function signOut() {
  sessionStorage.removeItem(KEY);
  notify();
}

/** Called with no argument whenever the token is set, replaced or removed. */
export function onChange(listener) {
  listeners.add(listener);
}

function notify() {
  for (const listener of listeners) {
    listener();
  }
}

/**
 * What the token says about itself, read without checking the signature (only the platform can
 * check that): {jwt: false} when it is not a JWT at all, else {jwt: true, claims, expired, admin}.
 * Used only to explain a refusal (expired? not an admin?); the platform decides.
 */
export function inspect(value) {
  const parts = (value || '').trim().split('.');
  if (parts.length !== 3) {
    return {jwt: false};
  }
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), c => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes));
    if (claims === null || typeof claims !== 'object') {
      return {jwt: false};
    }
    const expiresAt = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null;
    const groups = Array.isArray(claims.groups) ? claims.groups : [];
    return {
      jwt: true,
      claims,
      expiresAt,
      expired: expiresAt !== null && expiresAt.getTime() <= Date.now(),
      admin: groups.includes('admin'),
      groups,
      subject: claims.upn || claims.sub || null,
    };
  } catch (e) {
    return {jwt: false};
  }
}
