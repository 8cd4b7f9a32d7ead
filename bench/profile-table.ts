import { readFileSync } from 'node:fs';
import { summarise, summariseLogin, toProfileTable, type CpuProfile } from './lib/profile-summary.js';

/** `tsx bench/profile-table.ts <file.cpuprofile> [requests] [login]`: the profile table of docs/performance.md (`login`: by the login's steps). */
const [file, requests, byStep] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/profile-table.ts <file.cpuprofile> [requests served while profiling]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
console.log(toProfileTable(byStep === 'login' ? summariseLogin(profile) : summarise(profile), requests ? Number(requests) : null));
