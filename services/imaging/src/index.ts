export { ImagingContext } from './imaging.context';
