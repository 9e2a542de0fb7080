/**
 * This process's environment without any ADMIN_API_* variable (nor any other `dropped` says),
 * for a child process that must see only the credentials a test gives it, as in a user's shell
 * where none are set.
 */
export function envWithoutCredentials(
  dropped: (name: string) => boolean = () => false,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('ADMIN_API_') && !dropped(name),
    ),
  );
}
