import { defineUiFeature } from '../kit/feature.js'
import en from './messages/en.js'

/** How Portico errors and alerts read for the user: texts only. */
export const errorsUi = defineUiFeature({
  name: 'errors',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
})
