import { expect } from 'chai';
import { redact } from '../../cli/command-context.js';
import { stripOneNewline } from '../../cli/read-password.js';
import { describeUsageProblem } from '../../cli/usage-problem.js';

describe('CLI helpers', () => {
  it('stripOneNewline removes exactly one LF or CR LF', () => {
    expect(stripOneNewline('secret\n')).to.equal('secret');
    expect(stripOneNewline('secret\r\n')).to.equal('secret');
    expect(stripOneNewline('secret\n\n')).to.equal('secret\n');
    expect(stripOneNewline('secret')).to.equal('secret');
  });

  it('describeUsageProblem names unknown options but hides positional values', () => {
    const message = describeUsageProblem('Unknown arguments: password, hunter2', ['create-admin', '--password', 'hunter2']);
    expect(message).to.include('--password');
    expect(message).not.to.include('hunter2');
    expect(describeUsageProblem('Missing required argument: email', [])).to.equal('Missing required argument: email');
  });

  it('redact replaces every occurrence of each registered secret', () => {
    expect(redact('a KEY-123 b KEY-123', ['KEY-123'])).to.equal('a [redacted] b [redacted]');
    expect(redact('ab', ['a'])).to.equal('ab');
  });
});
