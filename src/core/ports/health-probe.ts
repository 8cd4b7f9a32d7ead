/** The unscoped access of docs/architecture.md, limited to what health checks need: it reads no user table. */
export interface HealthProbe {
  isDatabaseUp(): Promise<boolean>;
  /**
   * True when the database answers and every migration this build knows has been applied
   * (readiness); false, never a throw, when it does not answer or the schema is behind.
   */
  isSchemaCurrent(): Promise<boolean>;
}
