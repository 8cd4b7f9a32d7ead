/** The unscoped access of SPEC §5, limited to what a health check needs: it reads no user table. */
export interface HealthProbe {
  isDatabaseUp(): Promise<boolean>;
}
