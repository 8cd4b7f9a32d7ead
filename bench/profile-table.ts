import { readFileSync } from 'node:fs';
import { summarise, toProfileTable, type CpuProfile } from './lib/profile-summary.js';

/** `tsx bench/profile-table.ts <file.cpuprofile> [requests]`: the profile table of docs/performance.md. */
const [file, requests] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-table.ts <file.cpuprofile> [requests served while profiling]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
console.log(toProfileTable(summarise(profile), requests ? Number(requests) : null));
