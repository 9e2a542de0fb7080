/** What the worker's config names: its module, and the bindings besides the secret. */
export interface WorkerConfigOptions {
  /** The bundled module, beside the config file. */
  module: string;
  compatibilityDate: string;
  /** Plain text bindings: the endpoints and the client id. */
  text: Readonly<Record<string, string>>;
  /** A binding read from workerd's own environment: the client secret, never written to a file. */
  fromEnvironment: string;
}

const binding = (name: string, value: string) => `    (name = "${name}", ${value}),`;

/**
 * A workerd config: one module worker on an ephemeral loopback port, whose outbound fetches may
 * reach loopback addresses only (the emulator), with the secret as an env binding.
 */
export function workerConfig(options: WorkerConfigOptions): string {
  const { module, compatibilityDate, text, fromEnvironment } = options;
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    '',
    'const config :Workerd.Config = (',
    '  services = [',
    '    (name = "main", worker = .worker),',
    '    (name = "loopback", network = (allow = ["local"])),',
    '  ],',
    '  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],',
    ');',
    '',
    'const worker :Workerd.Worker = (',
    `  modules = [(name = "${module}", esModule = embed "${module}")],`,
    `  compatibilityDate = "${compatibilityDate}",`,
    '  globalOutbound = "loopback",',
    '  bindings = [',
    ...Object.entries(text).map(([name, value]) =>
      binding(name, `text = ${JSON.stringify(value)}`),
    ),
    binding(fromEnvironment, `fromEnvironment = "${fromEnvironment}"`),
    '  ],',
    ');',
    '',
  ].join('\n');
}
