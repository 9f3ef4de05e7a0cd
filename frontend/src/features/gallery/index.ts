export { PhotoGallery } from './components/photo-gallery';
export { PhotoViewer } from './components/photo-viewer';
