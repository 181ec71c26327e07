/** Runs `attempt` once and retries up to `retries` more times while it fails. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  succeeded: (value: T) => boolean,
  retries: number,
): Promise<T> {
  let value = await attempt();
  for (let i = 0; i < retries && !succeeded(value); i++) value = await attempt();
  return value;
}
