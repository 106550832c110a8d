import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createPortico } from '../client/index.js'
import { TEST_NETWORKS } from '../test-utils/client.js'
import { isPlaceholderProjectId } from './projectId.js'

describe('a placeholder project id', () => {
  it('is recognised in the forms templates and READMEs use', () => {
    for (const id of [
      'your-project-id',
      'YOUR_PROJECT_ID',
      'yourProjectId',
      'your project id',
      'YOUR_WALLETCONNECT_PROJECT_ID',
      'reown-project-id',
      'project-id',
      'projectId',
      '<project-id>',
      '<YOUR_PROJECT_ID>',
      '{projectId}',
      '$'.concat('{PROJECT_ID}'),
      '[project id]',
      'xxxxxxxx',
      'changeme',
      'placeholder',
      'TODO',
      '...',
      '  ',
      '',
      ' <project-id> ',
      'YOUR__PROJECT__ID',
      'replaceMe',
      'insertProjectId',
    ]) {
      expect([id, isPlaceholderProjectId(id)]).toEqual([id, true])
    }
  })

  it('is not a real id, the devnet one or a test one', () => {
    for (const id of [
      '2f05a7cde2bb14b1d1d5ef1dd9e8ba5f',
      'devnet',
      'test',
      'p1',
      'my-dapp',
      // A placeholder's words or a template's slot inside a longer id do not make it one.
      'acme<1>',
      '<acme>1',
      'f3a9-project-id',
      'project-id-f3a9',
      'acme-todo',
      'todo-app',
    ]) {
      expect([id, isPlaceholderProjectId(id)]).toEqual([id, false])
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{32}$/), (id) => {
        expect(isPlaceholderProjectId(id)).toBe(false)
      }),
      { numRuns: 1_000 },
    )
  })

  it('never throws, whatever the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (id) => {
        expect(typeof isPlaceholderProjectId(id)).toBe('boolean')
      }),
      { numRuns: 1_000 },
    )
  }, 30_000)

  it('raises the project id alert, naming the placeholder', () => {
    const client = createPortico({
      projectId: 'your-project-id',
      networks: TEST_NETWORKS,
      storage: 'memory',
      logLevel: 'silent',
    })
    expect(client.alerts.$alerts.get()).toMatchObject([
      {
        code: 'PROJECT_ID_NOT_CONFIGURED',
        message: 'Project id not configured',
        details: { projectId: 'your-project-id', placeholder: true },
      },
    ])
    client.destroy()
  })
})
