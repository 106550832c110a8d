import type { TranslationOf } from '../../kit/text.js'
import type en from './en.js'
import type views from './en.views.js'

export default {
  'view.RegisterAccountName.title': 'Elige un nombre',
  'view.RegisterAccountNameSuccess.title': 'Nombre registrado',
  'names.action': 'Elegir un nombre',
  'names.label': 'Nombre',
  'names.register': 'Registrar nombre',
  'names.available': 'Disponible',
  'names.taken': 'No disponible',
  'names.suggestions': 'Sugerencias',
  'names.signing': 'Firma el mensaje en tu billetera…',
  'names.submitting': 'Registrando…',
  'names.signatureDeclined': 'Firma rechazada',
  'names.success': '{name} es tuyo.',
  'names.done': 'Listo',
  'names.rule': 'Un nombre necesita al menos 4 caracteres: solo letras, dígitos y guiones',
} satisfies TranslationOf<typeof en & typeof views>
