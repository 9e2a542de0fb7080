/**
 * Orders strings by UTF-16 code units, the same on every machine. `localeCompare` follows the
 * locale of the process (`LANG`, `LC_ALL`): under `da` it puts `getMe` before `getme`, under `en`
 * after, so generated files would differ between two developers' machines.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
