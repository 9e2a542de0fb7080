// Prints generateModule's output for the files given as JSON on stdin, over the Admin API
// schema: lets a test run the generator in a process with another locale.
import { adminApiSchema } from '@admin-api/emulator';
import { parse } from 'graphql';
import { generateModule } from '../src/generator/index.js';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const files = JSON.parse(input) as Record<string, string>;
const sources = Object.entries(files).map(([location, text]) => ({
  location,
  documents: [parse(text)],
}));
process.stdout.write(generateModule(adminApiSchema(), sources));
