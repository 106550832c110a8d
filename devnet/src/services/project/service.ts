import { DEFAULT_ALLOWED_ORIGINS } from '../../config/origins.js'
import { defineService } from '../../kernel/service.js'
import { type ProjectSettings, projectRoutes } from './routes.js'

export type ProjectOptions = {
  /**
   * What `GET /projects/v1/origins` answers, and the only origins that may embed the secure
   * frame and sign in; by default `http://127.0.0.1:*` and `http://localhost:*`. `*` stands
   * for any run of characters (see `originMatches`).
   */
  allowedOrigins?: string[]
  /** What `GET /getAnalyticsConfig` answers; true by default. */
  analyticsEnabled?: boolean
}

/** The project's configuration: its allowed origins and whether analytics is on. */
export const projectService = defineService({
  name: 'project',
  needs: [],
  start: (_context, options: ProjectOptions) => {
    const settings: ProjectSettings = {
      allowedOrigins: options.allowedOrigins ?? [...DEFAULT_ALLOWED_ORIGINS],
      analyticsEnabled: options.analyticsEnabled ?? true,
    }
    return { api: settings }
  },
  routes: (settings) => projectRoutes(settings),
})
