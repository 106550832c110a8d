import { defineService } from '../../kernel/service.js'
import { imageRoutes } from './routes.js'

/** The images the API serves for assets, currencies and tokens (initials on a colour). */
export const imagesService = defineService({
  name: 'images',
  needs: [],
  routes: () => imageRoutes(),
})
