import express from 'express';

// Reference (a): what Express 5 and Node's HTTP stack cost on their own.
const USER = { id: '0190c2a8-7f4e-7b3a-9c1d-2e3f4a5b6c7d', email: 'user1@bench.example', display_name: 'Bench user 1', created_at: '2025-01-01T00:00:00.000Z' };

const app = express();
app.disable('x-powered-by');
app.get('/api/v1/users/me', (_req, res) => {
  res.json(USER);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
