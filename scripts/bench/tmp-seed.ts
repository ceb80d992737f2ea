import { connectToBenchServer, createScratchDatabase } from './bench-database';
import { seedBenchData } from './seed-bench-data';
const server = await connectToBenchServer();
const db = await createScratchDatabase(server);
const t = Date.now();
const seeded = await seedBenchData(db.url, Number(process.argv[2] ?? 1_000_000));
console.log(db.url, Date.now() - t, JSON.stringify(seeded).slice(0, 300));
process.exit(0);
