/** A password every rule accepts, for the accounts the specs create. */
export const PASSWORD = 'correct horse battery staple 42';

/** The public origin of the service under test (SERVICE_PUBLIC_URL), for the Origin header of cookie writes. */
export const ORIGIN = 'http://gatehouse.test';
