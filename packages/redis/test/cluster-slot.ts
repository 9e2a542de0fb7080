/**
 * Redis Cluster's key-to-slot mapping, from the Cluster specification: CRC16 (XMODEM) of the
 * key's hash tag (the text between the first `{` and the next `}`, when not empty), modulo
 * 16384. A standalone server has no `CLUSTER KEYSLOT`, so the tests compute it.
 */
export function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

export function keySlot(key: string): number {
  const open = key.indexOf('{');
  const close = open === -1 ? -1 : key.indexOf('}', open + 1);
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(hashed) % 16384;
}
