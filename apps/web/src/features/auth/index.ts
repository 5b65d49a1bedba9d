// The auth feature's public door: the sign-in document starts at auth-app.tsx; no other feature needs it.
export {};
