import { defineUiFeature } from '../kit/feature.js'
import en from './messages/en.js'

/** The modal's frame (header, notifications) and the buttons that open it: texts only. */
export const modalUi = defineUiFeature({
  name: 'modal',
  messages: {
    en,
    es: () => import('./messages/es.js'),
    zh: () => import('./messages/zh.js'),
    ar: () => import('./messages/ar.js'),
  },
})
