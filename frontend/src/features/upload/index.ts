export { PhotoUpload } from './components/photo-upload';
